"""The Options screen and the Custom board form.
"""
